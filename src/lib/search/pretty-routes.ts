import type { CarType } from '../schemas/car.ts';

export interface CarTypeRoute {
  /** Path segment after /search/. */
  path: string;
  title: string;
  carTypes: readonly CarType[];
}

/** The spec's car-type search paths, each pre-rendered with its first page of results. */
export const CAR_TYPE_ROUTES: readonly CarTypeRoute[] = [
  { path: 'new-used-and-demo-cars', title: 'New, Used and Demo Cars', carTypes: ['new', 'used', 'demo'] },
  { path: 'used-cars', title: 'Used Cars', carTypes: ['used'] },
  { path: 'new-and-demo-cars', title: 'New and Demo Cars', carTypes: ['new', 'demo'] },
  { path: 'new-cars', title: 'New Cars', carTypes: ['new'] },
  { path: 'demo-cars', title: 'Demo Cars', carTypes: ['demo'] },
];

export const DEFAULT_SEARCH_PATH = '/search/new-used-and-demo-cars';
