import { describe, expect, it } from 'vitest';
import { htmlToText, matchesFaq, searchFaq } from './faq-search.ts';

const entries = [
  { id: 'a', question: 'What is an eSIM?', answer: 'A digital SIM built into your phone.' },
  { id: 'b', question: 'Can I get a refund?', answer: 'A full refund within 14 days if the eSIM is not activated.' },
  {
    id: 'c',
    question: 'How do I install on iPhone?',
    answer: '<ol><li>Open <strong>Settings</strong></li><li>Tap Add&nbsp;eSIM</li></ol><p>Needs iOS 12.1 or later &amp; Wi-Fi.</p>',
  },
];
const ids = (query: string) => searchFaq(entries, query).map((e) => e.id);

describe('searchFaq', () => {
  it.each<[string, string[]]>([
    ['', ['a', 'b', 'c']],
    ['   ', ['a', 'b', 'c']],
    ['esim', ['a', 'b', 'c']],
    ['REFUND', ['b']],
    ['  refund  ', ['b']],
    ['14 days', ['b']],
    ['digital sim', ['a']],
    ['settings', ['c']],
    ['add esim', ['c']],
    ['12.1 or later & wi-fi', ['c']],
    ['strong', []],
    ['<li>', []], // markup is not text
    ['ol', []],
    ['satellite', []],
  ])('%j → %j', (query, expected) => {
    expect(ids(query)).toEqual(expected);
  });
});

describe('htmlToText', () => {
  it.each<[string, string]>([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['Fish &amp; chips', 'Fish & chips'],
    ['a&nbsp;b', 'a b'],
    ['<ul><li>One</li><li>Two</li></ul>', 'One Two'],
    ['plain text', 'plain text'],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('matchesFaq', () => {
  it('matches the question or the answer only', () => {
    expect(matchesFaq({ question: 'Q about roaming', answer: 'x' }, 'roaming')).toBe(true);
    expect(matchesFaq({ question: 'x', answer: 'Enable data roaming' }, 'DATA ROAMING')).toBe(true);
    expect(matchesFaq({ question: 'x', answer: 'y' }, 'z')).toBe(false);
  });
});
