// Loaded with the Swiss German catalogue (i18n.ts).
export { VALIDATION_TEXTS_DE_CH as default } from '@einwurf/contract';
