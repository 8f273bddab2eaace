// happy-dom defines `nodeName` on Element.prototype (and the other node classes) and leaves a
// getter on Node.prototype that returns ''. DOMPurify reads the Node.prototype getter (so page
// scripts cannot clobber it), sees every element as '' and removes it. Browsers have a single
// getter on Node.prototype. Import this before anything that imports dompurify.
const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (base?.get && document.createElement('p').nodeName === 'P' && base.get.call(document.createElement('p')) === '') {
  const baseGet = base.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node): string {
      for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this) as string;
      }
      return baseGet.call(this) as string;
    },
  });
}

export {};
