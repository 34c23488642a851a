import type { PeopleLocale } from '../../../platform/i18n/locale';
import type { Step } from '../views/getting-started';

/** The home page's getting-started checklist: each step's words and where it is done. */
const en = {
  title: 'Get started',
  lead: '{done} of {total} done. This list goes away once every step is done.',
  done: 'Done',
  to_do: 'To do',
  steps: {
    verify_email: 'Confirm your email address',
    two_factor: 'Turn on two-step verification',
    branding: 'Brand your checkout page (name, logo, colour)',
    payment_link: 'Make your first payment link',
    first_payment: 'Take a first payment (a sandbox one counts)',
    webhook: 'Add a webhook endpoint, if your developer needs one',
    go_live: 'Apply to take real money',
  },
} satisfies Words;

interface Words {
  title: string;
  lead: string;
  done: string;
  to_do: string;
  steps: Record<Step, string>;
}

const fr: Words = {
  title: 'Pour commencer',
  lead: '{done} sur {total} fait. Cette liste disparaît une fois toutes les étapes faites.',
  done: 'Fait',
  to_do: 'À faire',
  steps: {
    verify_email: 'Confirmer votre adresse e-mail',
    two_factor: 'Activer la validation en deux étapes',
    branding: 'Personnaliser votre page de paiement (nom, logo, couleur)',
    payment_link: 'Créer votre premier lien de paiement',
    first_payment: 'Recevoir un premier paiement (le mode test suffit)',
    webhook: 'Ajouter un webhook, si votre développeur en a besoin',
    go_live: 'Demander à recevoir de l’argent réel',
  },
};

export const GETTING_STARTED_COPY: Record<PeopleLocale, Words> = { en, fr };

/** Where each step is done, under /dashboard/test: money steps are learned there, and the application lives there. */
export const STEP_PATHS: Record<Step, string> = {
  verify_email: '/settings/security',
  two_factor: '/settings/security',
  branding: '/settings/branding',
  payment_link: '/payment-links',
  first_payment: '/payment-links',
  webhook: '/developers',
  go_live: '/go-live',
};
