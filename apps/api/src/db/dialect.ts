/** The two databases the server runs on; migrations and a few queries differ by it. */
export type DialectName = 'sqlite' | 'postgres';
