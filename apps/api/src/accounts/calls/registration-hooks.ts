import type { Db } from '../../db/database.ts';

/**
 * What registration tells other nouns, in the transaction that creates the account: the
 * inviters' folder counts an invitee (services.ts wires it). Registration never writes another
 * noun's tables itself.
 */
export interface RegistrationHooks {
  /** An account was created with an inviter. */
  invited(trx: Db, inviterId: number): Promise<void>;
}

/** The services registration needs beyond the platform's. */
export interface RegistrationServices {
  registration: RegistrationHooks;
}
