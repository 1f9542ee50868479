import { NotFoundPage } from '@nimbus/web';

export default NotFoundPage;
