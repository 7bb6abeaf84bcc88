/**
 * Every URL of the app, relative to the router's basename (ROUTER_BASE). The only place paths are spelled.
 */
export const routePatterns = {
  home: '/',
  createCPT: '/create/:cpt',
  editCPT: '/:cpt/:id',
  editCPTPreAuth: '/:cpt/:id/authenticate',
  proposedCPT: '/:cpt/:id/proposed',
  login: '/login',
  componentsDemo: '/components-demo',
  schemaBuilder: '/schema-builder',
  about: '/about',
  admin: '/admin',
  adminSubmissions: 'submissions',
  adminUsers: 'users',
  adminProfile: 'profile',
  adminHealth: 'health',
  adminSearch: 'search',
  adminWebhooks: 'webhooks',
  adminAudit: 'audit',
  adminReplyTemplates: 'reply-templates',
  moderateCPT: '/moderate/:cpt/:id',
  notFound: '/404',
  serverError: '/500',
  tooManyRequests: '/429',
  tooLarge: '/413',
  external: '/external',
} as const;

export type RouteName =
  | 'home'
  | 'createCPT'
  | 'editCPT'
  | 'editCPTPreAuth'
  | 'proposedCPT'
  | 'login'
  | 'componentsDemo'
  | 'schemaBuilder'
  | 'about'
  | 'adminDashboard'
  | 'adminSubmissions'
  | 'adminUsers'
  | 'adminProfile'
  | 'adminHealth'
  | 'adminSearch'
  | 'adminWebhooks'
  | 'adminAudit'
  | 'adminReplyTemplates'
  | 'moderateCPT'
  | 'notFound'
  | 'serverError'
  | 'tooManyRequests'
  | 'tooLarge'
  | 'external';

export type EntryRef = { cpt: string; id: string };

const enc = encodeURIComponent;
const withQuery = (path: string, unauthenticated?: boolean) =>
  unauthenticated ? `${path}?unauthenticated=true` : path;

export const paths = {
  home: () => '/',
  createCPT: (cpt: string) => `/create/${enc(cpt)}`,
  editCPT: ({ cpt, id }: EntryRef) => `/${enc(cpt)}/${enc(id)}`,
  editCPTPreAuth: ({ cpt, id }: EntryRef, unauthenticated = false) =>
    withQuery(`/${enc(cpt)}/${enc(id)}/authenticate`, unauthenticated),
  proposedCPT: ({ cpt, id }: EntryRef) => `/${enc(cpt)}/${enc(id)}/proposed`,
  login: (unauthenticated = false) => withQuery('/login', unauthenticated),
  componentsDemo: () => '/components-demo',
  schemaBuilder: () => '/schema-builder',
  about: () => '/about',
  adminDashboard: () => '/admin',
  adminSubmissions: () => '/admin/submissions',
  adminUsers: () => '/admin/users',
  adminProfile: () => '/admin/profile',
  adminHealth: () => '/admin/health',
  adminSearch: () => '/admin/search',
  adminWebhooks: () => '/admin/webhooks',
  adminAudit: () => '/admin/audit',
  adminReplyTemplates: () => '/admin/reply-templates',
  moderateCPT: ({ cpt, id }: EntryRef) => `/moderate/${enc(cpt)}/${enc(id)}`,
  notFound: () => '/404',
  serverError: () => '/500',
  tooManyRequests: () => '/429',
  tooLarge: () => '/413',
  external: (destination: string) => `/external?destination=${enc(destination)}`,
};
