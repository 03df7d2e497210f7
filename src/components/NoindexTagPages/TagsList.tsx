import DocTagsListPage from '@theme/DocTagsListPage';
import { withNoindex } from '.';

export default withNoindex(DocTagsListPage);
