import type { SignInWords, TranslatedLocale } from './sign-in-words';

/**
 * The sign-in page's words in Spanish and French. Read by the build only (vite.config.ts writes
 * them into index.html), so they cost the sign-in page's script nothing.
 */
export const signInTranslations: Record<TranslatedLocale, SignInWords> = {
  'es-419': {
    title: 'Iniciar sesión · Fleet Console',
    signIn: 'Iniciar sesión',
    signingIn: 'Iniciando sesión…',
    username: 'Usuario',
    password: 'Contraseña',
    togglePassword: 'Mostrar u ocultar la contraseña',
    sharedComputer: 'Es una computadora compartida: no guardar nada en ella',
    sessionNote:
      'Su sesión dura una hora; se le pedirá de nuevo la contraseña antes de que termine. Las empresas que usan inicio de sesión único o autenticación multifactor no pueden iniciar sesión aquí.',
    signInFailed: 'No se pudo iniciar sesión',
    cannotReach:
      'La consola no pudo comunicarse con el servicio. Revise su conexión e intente de nuevo.',
    enterUsername: 'Ingrese su usuario.',
    enterPassword: 'Ingrese su contraseña.',
    stalled:
      'La consola aún no termina de cargar, así que todavía no ha iniciado sesión. Revise su conexión y luego presione Iniciar sesión de nuevo o vuelva a cargar la página.',
    language: 'Idioma',
    demoAccounts: 'Cuentas de demostración',
    demoIntro:
      'Esta consola funciona con el servicio de demostración integrado. Use una de estas cuentas:',
    demoFleetManager: 'Gerente de flota (rol Group Manager)',
    demoDispatcher: 'Despachador (sin el rol Group Manager)',
    fillFleetManager: 'Llenar con la cuenta del gerente de flota',
  },
  'fr-CA': {
    title: 'Connexion · Fleet Console',
    signIn: 'Se connecter',
    signingIn: 'Connexion en cours…',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    togglePassword: 'Afficher ou masquer le mot de passe',
    sharedComputer: 'C’est un ordinateur partagé : n’y rien conserver',
    sessionNote:
      'Votre session dure une heure; votre mot de passe vous sera redemandé avant la fin. Les entreprises qui utilisent l’authentification unique ou l’authentification multifacteur ne peuvent pas se connecter ici.',
    signInFailed: 'Échec de la connexion',
    cannotReach:
      'La console n’a pas pu joindre le service. Vérifiez votre connexion, puis réessayez.',
    enterUsername: "Entrez votre nom d'utilisateur.",
    enterPassword: 'Entrez votre mot de passe.',
    stalled:
      "La console n'a pas fini de se charger : vous n'êtes donc pas encore connecté. Vérifiez votre connexion, puis appuyez de nouveau sur Se connecter ou rechargez la page.",
    language: 'Langue',
    demoAccounts: 'Comptes de démonstration',
    demoIntro:
      'Cette console fonctionne avec le service de démonstration intégré. Utilisez un de ces comptes :',
    demoFleetManager: 'Gestionnaire de flotte (rôle Group Manager)',
    demoDispatcher: 'Répartiteur (sans le rôle Group Manager)',
    fillFleetManager: 'Remplir avec le compte du gestionnaire de flotte',
  },
};
