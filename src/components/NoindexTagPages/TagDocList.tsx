import DocTagDocListPage from '@theme/DocTagDocListPage';
import { withNoindex } from '.';

export default withNoindex(DocTagDocListPage);
