export const TODAY = '2025-10-14';
export const TODAY_LABEL = 'Tuesday 14 October 2025';
