// Loaded with the English catalogue (i18n.ts).
export { VALIDATION_TEXTS_EN as default } from '@einwurf/contract';
