export { formatDateTime, formatDate } from './contract';
