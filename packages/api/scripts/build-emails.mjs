#!/usr/bin/env node
// Compiles the e-mail templates (src/emails/templates/*.mjml, MJML) into src/emails/compiled.json:
// one HTML per template and text direction, made once here instead of per e-mail. At run time
// src/emails/render.ts fills in the texts of a language (once per template and language) and the
// values of one e-mail (string replacement only), so the server carries no MJML.
//   node scripts/build-emails.mjs          write src/emails/compiled.json
//   node scripts/build-emails.mjs --check  exit 1 when it is out of date (test/emails/compiled.test.ts checks too)
//
// In the sources: $dir, $align and $end are the direction ('ltr' | 'rtl'), the start side and the
// end side; <mj-include path="./_x.mjml" /> pulls in a shared part; comments are dropped except the
// <!--[[if:name]]--> / <!--[[end:name]]--> markers that render.ts uses.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import mjml2html from 'mjml';

const here = dirname(fileURLToPath(import.meta.url));
export const TEMPLATES_DIR = join(here, '..', 'src', 'emails', 'templates');
export const COMPILED_FILE = join(here, '..', 'src', 'emails', 'compiled.json');

const DIRECTIONS = {
  ltr: { $dir: 'ltr', $align: 'left', $end: 'right' },
  rtl: { $dir: 'rtl', $align: 'right', $end: 'left' },
};

/** The template's MJML for one direction: shared parts in, comments out, direction words set. */
function source(name, dir) {
  const read = (file) => readFileSync(join(TEMPLATES_DIR, file), 'utf8');
  const included = read(`${name}.mjml`).replace(/<mj-include\s+path="\.\/([\w-]+\.mjml)"\s*\/>/g, (_, file) => read(file));
  const words = DIRECTIONS[dir];
  return included.replace(/<!--(?!\[\[(?:if|end):)[\s\S]*?-->/g, '').replace(/\$(dir|align|end)\b/g, (w) => words[w]);
}

/** dir and lang on <body> and every table too (MJML sets them on <html> and its wrapper only). */
function finish(html, dir) {
  return html
    .replace(/<body\b/, `<body lang="[[lang]]" dir="${dir}"`)
    .replace(/<table\b(?![^>]*\bdir=)/g, `<table dir="${dir}"`)
    .replace(/^[ \t]+/gm, '')
    .replace(/\n{2,}/g, '\n');
}

/** Every template in both directions: { [name]: { ltr, rtl } }. */
export async function compileEmails() {
  const names = readdirSync(TEMPLATES_DIR)
    .filter((f) => f.endsWith('.mjml') && !f.startsWith('_'))
    .map((f) => f.slice(0, -'.mjml'.length))
    .sort();
  const out = {};
  for (const name of names) {
    out[name] = {};
    for (const dir of Object.keys(DIRECTIONS)) {
      // fonts: {} — no web-font <link>/@import: an e-mail must not fetch from an outside host.
      const result = await mjml2html(source(name, dir), {
        validationLevel: 'strict',
        keepComments: true,
        minify: false,
        beautify: false,
        fonts: {},
      });
      if (result.errors?.length) throw new Error(`${name}.mjml (${dir}): ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
      out[name][dir] = finish(result.html, dir);
    }
  }
  return out;
}

export function serialize(compiled) {
  return `${JSON.stringify(compiled, null, 1)}\n`;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const text = serialize(await compileEmails());
  if (process.argv.includes('--check')) {
    const current = readFileSync(COMPILED_FILE, 'utf8');
    if (current !== text) {
      console.error('src/emails/compiled.json is out of date: run node scripts/build-emails.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(COMPILED_FILE, text);
    console.log(`wrote ${COMPILED_FILE} (${Buffer.byteLength(text)} bytes)`);
  }
}
