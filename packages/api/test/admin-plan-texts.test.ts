// The owner's wording of a plan per language (admin.catalog.setPlanText): the shop's catalogue hands
// it out at once, English stands in for a language without its own, null goes back to the composed
// text, each change is audited, and bad input is refused with nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerTextFor } from '../src/domain/catalog.ts';
import { composePlan } from '../src/services/catalog/plan-names.ts';
import { adminRig, auditRows, refusal, type OrdersRig, type Person } from './admin-helpers-b.ts';

let rig: OrdersRig;
let admin: Person;
let customer: Person;

beforeEach(async () => {
  ({ rig, admin, customer } = await adminRig());
});
afterEach(async () => {
  await rig.close();
});

describe("the owner's wording", () => {
  it('overrides the composed texts per language, English standing in; null composes again; audited', async () => {
    const api = await admin.api();
    const id = rig.plans.japan1.id;
    await rig.services.catalog.getPlan(id); // a snapshot exists: the change must invalidate it
    expect(await api.admin.catalog.setPlanText({ planId: id, lang: 'en', name: 'Tokyo Starter', description: null })).toEqual({
      changed: true,
    });
    expect(
      await api.admin.catalog.setPlanText({ planId: id, lang: 'de', name: 'Tokio-Start', description: 'Für ein Wochenende.' }),
    ).toEqual({
      changed: true,
    });
    // The same again changes nothing.
    expect(
      await api.admin.catalog.setPlanText({ planId: id, lang: 'de', name: 'Tokio-Start', description: 'Für ein Wochenende.' }),
    ).toEqual({
      changed: false,
    });
    const plan = await rig.services.catalog.getPlan(id);
    expect(plan.ownerTexts).toEqual({ en: { name: 'Tokyo Starter' }, de: { name: 'Tokio-Start', description: 'Für ein Wochenende.' } });
    expect(ownerTextFor(plan, 'de')).toEqual({ name: 'Tokio-Start', description: 'Für ein Wochenende.' });
    expect(ownerTextFor(plan, 'fr')).toEqual({ name: 'Tokyo Starter' });

    // The REST composition: the owner's words where given, composed otherwise, no ownerTexts in the answer.
    const region = (await rig.services.catalog.snapshot()).regionById.get(plan.regionId);
    const fr = composePlan(plan, region, 'fr');
    expect(fr.name).toBe('Tokyo Starter');
    expect(fr.description).toMatch(/Japon/);
    expect(fr).not.toHaveProperty('ownerTexts');
    expect(composePlan(plan, region, 'de')).toMatchObject({ name: 'Tokio-Start', description: 'Für ein Wochenende.' });

    await api.admin.catalog.setPlanText({ planId: id, lang: 'en', name: null, description: null });
    const back = await rig.services.catalog.getPlan(id);
    expect(back.ownerTexts).toEqual({ de: { name: 'Tokio-Start', description: 'Für ein Wochenende.' } });
    expect(composePlan(back, region, 'fr').name).toMatch(/^Japon/);
    const audit = await auditRows(rig);
    expect(audit.filter((a) => a.action === 'plan.texts')).toHaveLength(3);
  });

  it("admin.catalog.planTexts: the owner's wording per language beside the composed texts it overrides", async () => {
    const api = await admin.api();
    const id = rig.plans.japan1.id;
    await api.admin.catalog.setPlanText({ planId: id, lang: 'de', name: 'Tokio-Start', description: null });
    const wording = await api.admin.catalog.planTexts({ id });
    expect(wording.languages.map((l) => l.lang).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'hi', 'ja', 'pt', 'ru', 'zh']);
    const de = wording.languages.find((l) => l.lang === 'de')!;
    expect(de).toMatchObject({ name: 'Tokio-Start', description: null });
    // The composed texts are those without any wording of the owner.
    expect(de.composedName).toMatch(/^Japan/);
    expect(de.composedName).not.toBe('Tokio-Start');
    const en = wording.languages.find((l) => l.lang === 'en')!;
    expect(en).toMatchObject({ name: null, description: null, composedName: 'Japan 1 GB – 7 days' });
    expect(await refusal(api.admin.catalog.planTexts({ id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal((await customer.api()).admin.catalog.planTexts({ id }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses bad input and other people', async () => {
    const api = await admin.api();
    await expect(api.admin.catalog.setPlanText({ planId: 987654, lang: 'en', name: 'X', description: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      await refusal(api.admin.catalog.setPlanText({ planId: rig.plans.japan1.id, lang: 'xx' as 'en', name: 'X', description: null })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await refusal(api.admin.catalog.setPlanText({ planId: rig.plans.japan1.id, lang: 'en', name: '   ', description: null })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const shopper = await customer.api();
    expect(
      await refusal(shopper.admin.catalog.setPlanText({ planId: rig.plans.japan1.id, lang: 'en', name: 'X', description: null })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await rig.db.selectFrom('plan_texts').selectAll().execute()).toEqual([]);
  });
});
