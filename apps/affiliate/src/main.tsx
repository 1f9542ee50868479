import { createWebApp } from '@nimbus/web';
import { routes } from './routes';

void createWebApp({ routes, basename: '/user/kol' });
