// The admin outputs my pages use, from the router's types (the API package exports no view types).
import type { RouterInputs, RouterOutputs } from '../../../lib/trpc.ts';

type Admin = RouterOutputs['admin'];
export type AdminRegion = Admin['catalog']['regions'][number];
export type AdminPlan = Admin['catalog']['plans'][number];
export type AdminCustomerRow = Admin['customers']['search']['rows'][number];
export type AdminCustomerDetail = Admin['customers']['get'];
export type AdminRate = Admin['rates']['list'][number];
export type AdminRewardsView = Admin['rewards']['overview'];
export type AdminLevel = AdminRewardsView['levels'][number];
export type AdminAchievement = AdminRewardsView['achievements'][number];
export type AdminInboxView = Admin['support']['messages'];
export type AdminContactMessage = AdminInboxView['rows'][number];
export type AdminSubscriber = Admin['support']['subscribers']['rows'][number];
export type InboxListInput = RouterInputs['admin']['support']['messages'];
