// What every trend chart's stories share: the app's styles, and a 320 px phone frame.
import type { Decorator } from '@storybook/react';
import '../../../../app/app.css';
import '../admin.css';

/** A 320 px phone, whose page padding leaves a card 288 px: the chart fits, nothing scrolls. */
export const onPhone: Decorator = (Story) => (
  <div style={{ width: 288 }}>
    <Story />
  </div>
);

/** The width of one chart on a wide screen, as the dashboard's grid gives it. */
export const onDashboard: Decorator = (Story) => (
  <div style={{ maxWidth: '36rem' }}>
    <Story />
  </div>
);

/** A read that failed before any answer (the network), as SWR hands it over. */
export const unreachable = new TypeError('Failed to fetch');
