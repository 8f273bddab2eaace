export { LanguageProvider, useLanguage, applyDocumentLanguage, type LanguageContextValue } from './language-provider.tsx';
export { CurrencyProvider, useCurrency, useFormatPrice, type CurrencyContextValue } from './currency-provider.tsx';
