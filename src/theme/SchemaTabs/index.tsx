// Keeps the tabs mounted through hydration, so the code blocks inside are not rendered and highlighted twice (see src/components/KeepMounted).
import SchemaTabs from '@theme-original/SchemaTabs';
import { keepMounted } from '@site/src/components/KeepMounted';

export default keepMounted(SchemaTabs, 'SchemaTabs');
