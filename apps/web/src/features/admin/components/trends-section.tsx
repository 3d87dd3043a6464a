// The dashboard's trend charts (issue 19): one card per chart, each with its own read. /admin
// loads this module on demand, with uPlot, after the rest of the page (decision 019).
import {
  useLogLevelsTrend,
  usePlansTrend,
  useRegistrationsTrend,
  useRevenueTrend,
  useSignInsTrend,
} from '../api/trends-api.js';
import { LogLevelsChart } from './trends/log-levels-chart.js';
import { PlansChart } from './trends/plans-chart.js';
import { RegistrationsChart } from './trends/registrations-chart.js';
import { RevenueChart } from './trends/revenue-chart.js';
import { SignInsChart } from './trends/sign-ins-chart.js';

export function TrendsSection() {
  return (
    <div className="omega-trends">
      <LogLevelsChart read={useLogLevelsTrend()} />
      <SignInsChart read={useSignInsTrend()} />
      <RegistrationsChart read={useRegistrationsTrend()} />
      <PlansChart read={usePlansTrend()} />
      <RevenueChart read={useRevenueTrend()} />
    </div>
  );
}
