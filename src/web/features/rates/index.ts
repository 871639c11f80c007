export { RateCalculator } from './components/rate-calculator';
export { PublicRateCalculator } from './components/public-rate-calculator';
export { PublicRatesProvider, usePublicRates } from './api/get-public-rates';
export { getRates, ratesKeys, ratesQuery, useRates } from './api/get-rates';
export { getAgentListRates, useAgentListRates, type AgentListRate } from './lib/agent-list-rates';
export { calculatorRate, type CalculatorRate } from './lib/calculator-rate';
export { decimalError, groupDigits, normalizeDecimal, type DecimalRule } from './lib/decimal-field';
export { RATE_NAMES, RATE_SYMBOLS } from './lib/symbols';
export { PRICED_BY_RATES } from './lib/live-rates';
