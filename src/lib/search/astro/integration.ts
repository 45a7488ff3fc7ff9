import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/** Adds client:interaction (see interaction-directive.ts). */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'dealer:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)) });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
