// heic-decode ships no types; this is the part we use (README and lib.js of heic-decode 2.1).
declare module 'heic-decode' {
  export interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  /** An image of the container, its size known before its pixels are decoded. */
  export interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  export interface HeicImages extends Array<HeicImage> {
    /** Frees the decoder and every image (libheif's wasm memory). */
    dispose(): void;
  }
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<HeicImages>;
  }
  export default decode;
}
