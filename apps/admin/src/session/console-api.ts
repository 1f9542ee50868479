import { createAdminClient, type AdminClient } from '@nimbus/api-sdk/admin';
import { isLanguage, type Language } from '@nimbus/i18n';
import { operatorStore } from './operator-store.ts';

let client: AdminClient | undefined;

/** The console's API client (one per page), speaking the page's current language. */
export function consoleApi(i18n?: { language: string }): AdminClient {
  client ??= createAdminClient({
    apiBase: '',
    hostname: location.hostname,
    getLanguage: (): Language => {
      const current = i18n?.language;
      return current && isLanguage(current) ? current : 'en';
    },
    onSignedOut: () => operatorStore.setState({ operator: null, checked: true }),
  });
  return client;
}
