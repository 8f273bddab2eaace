// Languages, namespaces, the lazy loader for translation files, destination names and plan texts.
//
// Files live in locales/<lang>/<namespace>.json. English is the reference and complete; other
// languages may lack keys (or whole files) and fall back to English at runtime.
//
// Code that runs at the web app's start-up imports the subpaths it needs ('@esim/i18n/languages',
// '/namespaces', '/loader'): a bundler places every module this index re-exports wherever the
// index is imported, which would put the CLDR area table and the plan texts in the initial bundle.
export * from './languages.ts';
export { NAMESPACES, DEFAULT_NAMESPACE, ENGLISH_ONLY_NAMESPACES } from './namespaces.ts';
export type { Namespace, Resources } from './namespaces.ts';
export { availableFiles, loadNamespace } from './loader.ts';
export { bestGeneration, countryNameIn, formatDataAmount, formatSpeed, planTexts, providedFeatures } from './plan-texts.ts';
export type { PlanFacts, PlanTexts, PlanTextsT, ProvidedPlanFacts } from './plan-texts.ts';
export * from './destinations.ts';
