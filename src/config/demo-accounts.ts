/**
 * The demo company's sign-ins, shown on the login page in demo mode and in the README. They
 * exist only in the in-browser fake service.
 */
export const demoAccounts = [
  {
    username: 'maria.lopez',
    password: 'Demo-Manager-1',
    /** Its description among the sign-in page's words (src/features/auth/sign-in-words.ts). */
    labelWord: 'demoFleetManager',
  },
  {
    username: 'dan.okafor',
    password: 'Demo-Dispatch-1',
    labelWord: 'demoDispatcher',
  },
] as const;

/** The legacy ECM API key the fake service accepts. */
export const demoEcmApiKey = 'demo-ecm-key-7f3a9c';
