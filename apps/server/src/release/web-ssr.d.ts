// scripts/release.mjs resolves 'esim-web-ssr' to the web build's dist/ssr/prerender.js.
declare module 'esim-web-ssr';
