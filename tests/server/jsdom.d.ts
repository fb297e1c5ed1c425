/** jsdom ships no types; the server tests use it only to parse the HTML and XML they get back. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
