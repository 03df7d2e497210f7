// Keeps the tabs mounted through hydration, so the code blocks inside are not rendered and highlighted twice (see ../../unwrap/keepMounted.ts).
import MimeTabs from '@theme-init/MimeTabs';
import { keepMounted } from '../../../fast-hydration/unwrap/keepMounted';

export default keepMounted(MimeTabs, 'MimeTabs');
