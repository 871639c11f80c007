/** Display formats. Money and date formats live in shared/ so server and web agree. */
export { formatChange, formatNaira, formatUsd } from '../../shared/money-format';
export { formatCryptoAmount } from '../../shared/money';
export { formatDate, formatDateTime } from '../../shared/dates';
