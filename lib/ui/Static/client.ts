// A client module: once the first page has hydrated, static blocks render as usual (./index.tsx).
// Docusaurus calls onRouteDidUpdate after the first page's hydration, then after every navigation.
import { hydrated } from './index';

export function onRouteDidUpdate(): void {
  hydrated();
}
