import { createWebApp } from '@nimbus/web';
import { routes } from './routes.tsx';

void createWebApp({ routes, basename: '/user' });
