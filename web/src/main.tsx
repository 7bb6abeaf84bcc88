import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/theme-variables.css';
import 'nprogress/nprogress.css';
import './app/print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ROUTER_BASE } from './lib/contract';
import { initLocale } from './lib/i18n';
import { App } from './app/app';

const root = document.getElementById('root');
if (root) {
  void initLocale().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${ROUTER_BASE}/sw.js`, { scope: `${ROUTER_BASE}/` }).catch(() => {
      // Without a service worker the app works online only; nothing to tell the user.
    });
  });
}
