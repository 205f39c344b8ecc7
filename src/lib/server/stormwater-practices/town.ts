/** The municipality's name in this domain's prose: one line to replace when the town's data moves to settings (issue 21). */
export const TOWN_NAME = 'Town of Rotterdam';
