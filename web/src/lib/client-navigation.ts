import type { ClientNavigation } from './api-client';
import { paths } from './paths';

/** Maps where the API client wants the user to go onto the app's paths. */
export function clientNavigationPath(target: ClientNavigation): string {
  switch (target.to) {
    case 'editCPTPreAuth':
      return paths.editCPTPreAuth({ cpt: target.cpt, id: target.id }, target.unauthenticated);
    case 'login':
      return paths.login(target.unauthenticated);
    case 'home':
      return paths.home();
    case 'secondFactorSetup':
      return paths.adminProfile();
    case 'tooManyRequests':
      return paths.tooManyRequests();
    case 'serverError':
      return paths.serverError();
  }
}
