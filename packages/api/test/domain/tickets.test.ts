// domain/tickets.ts: the ticket number, the pieces of an inbound e-mail that name a ticket, the
// quoted history cut from a reply, and the allowed status moves by actor (table tests).
import { describe, expect, it } from 'vitest';
import {
  mayMoveTicket,
  parseLinkToken,
  parseMailboxHash,
  parseTicketNumber,
  plusAddress,
  replyText,
  ticketIdInSubject,
  ticketNumber,
} from '../../src/domain/tickets.ts';

describe('ticket numbers', () => {
  it.each([
    [1, 'T-000001'],
    [123, 'T-000123'],
    [999_999, 'T-999999'],
    [1_234_567, 'T-1234567'],
  ])('%i → %s and back', (id, text) => {
    expect(ticketNumber(id)).toBe(text);
    expect(parseTicketNumber(text)).toBe(id);
  });
  it.each([
    ['t000123', 123],
    [' T-42 ', 42],
    ['42', 42],
    ['T-0', null],
    ['T-abc', null],
    ['TT-1', null],
    ['', null],
    ['T-1234567890123', null],
  ])('parses %j → %j', (text, id) => expect(parseTicketNumber(text)).toBe(id));
  it.each([
    ['Re: We received your request [T-000123]', 123],
    ['AW: Re: [t-000007] hello', 7],
    ['Re: T-000123 without brackets', null],
    ['[T-12] too short', null],
  ])('finds the number in the subject %j', (subject, id) => expect(ticketIdInSubject(subject)).toBe(id));
});

describe('reply addresses and links', () => {
  it.each([
    ['t12-0123456789abcdef0123', { id: 12, sig: '0123456789abcdef0123' }],
    ['T12-0123456789ABCDEF0123', { id: 12, sig: '0123456789abcdef0123' }],
    ['t12-0123456789abcdef012', null],
    ['t0x-0123456789abcdef0123', null],
    ['', null],
  ])('MailboxHash %j', (hash, parsed) => expect(parseMailboxHash(hash)).toEqual(parsed));
  it('plus-addresses the inbound address', () => {
    expect(plusAddress('support@inbound.shop.example', 't1-ab')).toBe('support+t1-ab@inbound.shop.example');
    expect(plusAddress('nonsense', 't1-ab')).toBe('nonsense');
  });
  it.each([
    [`12.1900000000.${'a'.repeat(43)}`, { id: 12, expires: 1900000000, sig: 'a'.repeat(43) }],
    [`12.1900000000.${'a'.repeat(42)}`, null],
    [`x.1900000000.${'a'.repeat(43)}`, null],
    ['12..', null],
  ])('link token %j', (token, parsed) => expect(parseLinkToken(token)).toEqual(parsed));
});

describe('replyText', () => {
  it.each([
    ['Thanks!\n\nOn Tue, 1 Mar 2026 Support wrote:\n> old', 'Thanks!'],
    ['Fixed.\r\n> quoted', 'Fixed.'],
    ['Yes\n-----Original Message-----\nFrom: shop', 'Yes'],
    ['Ok\n________________\nFrom: shop', 'Ok'],
    ['> only quoted', ''],
    ['Line one\nLine two', 'Line one\nLine two'],
  ])('%j → %j', (body, text) => expect(replyText(body)).toBe(text));
});

describe('status moves', () => {
  it.each([
    ['agent', 'open', 'waiting', true],
    ['agent', 'solved', 'open', true],
    ['agent', 'waiting', 'solved', true],
    ['traveller', 'waiting', 'open', true],
    ['traveller', 'solved', 'open', true],
    ['traveller', 'open', 'solved', false],
    ['traveller', 'open', 'waiting', false],
    ['system', null, 'open', true],
    ['system', 'open', 'solved', false],
    ['agent', null, 'open', false],
  ] as const)('%s: %s → %s is %s', (actor, from, to, allowed) => expect(mayMoveTicket(actor, from, to)).toBe(allowed));
});
