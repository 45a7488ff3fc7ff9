/**
 * The types of the virtual modules src/io/astro-model.ts serves to the pages: declared here, not
 * injected by the integration, so `astro check` and tsc know them with no model built.
 */
declare module 'virtual:dealer/model' {
  const model: import('../lib/site/site-model.ts').SiteModel;
  export default model;
}

declare module 'virtual:dealer/render-plan' {
  /** The car slugs this build renders; null: every car page. */
  const plan: { readonly render: readonly string[] | null };
  export default plan;
}
