// Keeps the tabs mounted through hydration, so the code blocks inside are not rendered and highlighted twice (see src/components/KeepMounted).
import OperationTabs from '@theme-original/OperationTabs';
import { keepMounted } from '@site/src/components/KeepMounted';

export default keepMounted(OperationTabs, 'OperationTabs');
