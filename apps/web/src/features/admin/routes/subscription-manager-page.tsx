// /admin/subscription-manager: the feature manager's four tabs (spec section 2).
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@omega/ui';
import { AddFeatureForm } from '../components/add-feature-form.js';
import { FeatureMatrix } from '../components/feature-matrix.js';
import { FeatureOverrides } from '../components/feature-overrides.js';
import { UserSubscriptions } from '../components/user-subscriptions.js';
import '../components/admin.css';

export function SubscriptionManagerPage() {
  return (
    <main className="omega-page omega-stack">
      <h1>Subscription Manager</h1>
      <Tabs defaultValue="matrix">
        <TabsList aria-label="Feature manager">
          <TabsTrigger value="matrix">Feature Matrix</TabsTrigger>
          <TabsTrigger value="users">User Subscriptions</TabsTrigger>
          <TabsTrigger value="overrides">Feature Overrides</TabsTrigger>
          <TabsTrigger value="add">Add New Feature</TabsTrigger>
        </TabsList>
        <TabsContent value="matrix">
          <FeatureMatrix />
        </TabsContent>
        <TabsContent value="users">
          <UserSubscriptions />
        </TabsContent>
        <TabsContent value="overrides">
          <FeatureOverrides />
        </TabsContent>
        <TabsContent value="add">
          <AddFeatureForm />
        </TabsContent>
      </Tabs>
    </main>
  );
}
