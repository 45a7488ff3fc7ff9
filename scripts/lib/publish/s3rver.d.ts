// The parts of s3rver (a dev dependency without types) that scripts/lib/publish/local-s3-server.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverContext {
    method: string;
    path: string;
    querystring: string;
    status: number;
  }

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
  }

  class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's middleware stack; an entry put first sees every request. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void>)[];
  }

  export default S3rver;
}
