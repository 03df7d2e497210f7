// Keeps the tabs mounted through hydration, so the code blocks inside are not rendered and highlighted twice (see ../../unwrap/keepMounted.ts).
// The OpenAPI theme's Tabs, which replaces theme-classic's (the one @theme-init/Tabs would give).
import Tabs from 'docusaurus-theme-openapi-docs/lib/theme/Tabs';
import { keepMounted } from '../../unwrap/keepMounted';

export default keepMounted(Tabs, 'Tabs');
