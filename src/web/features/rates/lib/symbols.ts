export { RATE_SYMBOLS } from '../../../../shared/domain';
export { RATE_NAMES } from '../../../lib/coin-names';
