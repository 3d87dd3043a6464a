// Time comes from here in anything that expires or bills, so tests can move it freely.
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
