// The plain-language validation messages (the contract's forms/messages: the rule and the German texts),
// loaded as their own chunk right after the forms, so they stay out of the screens' first load.
export { describeFieldErrorWith, VALIDATION_TEXTS_DE } from '../lib/contract';
