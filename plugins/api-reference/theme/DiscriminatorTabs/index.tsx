// Keeps the tabs mounted through hydration, so the code blocks inside are not rendered and highlighted twice (see ../../unwrap/keepMounted.ts).
import DiscriminatorTabs from '@theme-init/DiscriminatorTabs';
import { keepMounted } from '../../../fast-hydration/unwrap/keepMounted';

export default keepMounted(DiscriminatorTabs, 'DiscriminatorTabs');
