// A small RFC 822 / MIME reader for tests: headers (unfolded), multipart bodies (recursive),
// base64 and quoted-printable decoding. Enough to check what the mailers produce.

export interface MimePart {
  headers: Map<string, string>;
  /** Decoded body (leaf parts). */
  body: Buffer;
  parts: MimePart[];
}

function splitHead(raw: string): [string, string] {
  const i = raw.search(/\r?\n\r?\n/);
  if (i < 0) return [raw, ''];
  const sep = raw.slice(i).match(/^\r?\n\r?\n/)![0];
  return [raw.slice(0, i), raw.slice(i + sep.length)];
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const c = line.indexOf(':');
    if (c > 0) headers.set(line.slice(0, c).trim().toLowerCase(), line.slice(c + 1).trim());
  }
  return headers;
}

function decodeQp(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes);
}

export function parseMime(raw: string): MimePart {
  const [head, body] = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const chunks = body.split(`--${boundary}`);
    const parts = chunks
      .slice(1)
      .filter((c) => !c.startsWith('--'))
      .map((c) => parseMime(c.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const cte = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    cte === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : cte === 'quoted-printable' ? decodeQp(body) : Buffer.from(body);
  return { headers, body: decoded, parts: [] };
}

/** All leaf parts, depth first. */
export function leaves(p: MimePart): MimePart[] {
  return p.parts.length ? p.parts.flatMap(leaves) : [p];
}

/** A header value with its RFC 2047 encoded words decoded ('=?UTF-8?Q?…?=' / '=?UTF-8?B?…?='). */
export function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')).toString('utf8'),
  );
}
