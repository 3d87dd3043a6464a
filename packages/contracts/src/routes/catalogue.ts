// The plan and feature catalogue: plans, features, the plan matrix, and admins' per-user and bulk changes.
import { Type } from '@sinclair/typebox';
import { UsersPageQuery } from '../admin.js';
import { ErrorResponse, OkResponse } from '../common.js';
import {
  AssignmentSchema,
  BulkOverrideBody,
  BulkOverridePreviewBody,
  BulkOverridePreviewSchema,
  FeatureOverrideBody,
  FeatureSchema,
  NewFeatureBody,
  OverrideBody,
  PlanSchema,
  ToggleFeatureBody,
  UserFeatureOverrideSchema,
  UserIdQuery,
  UserWithSubscriptionSchema,
} from '../subscriptions.js';
import { route } from './define.js';

export const catalogueRoutes = {
  plans: route({
    method: 'GET',
    url: '/api/subscription/plans',
    access: 'public',
    summary: 'The plans with prices, trials, perks and included features',
    tags: ['subscriptions'],
    polled: true,
    schema: { response: { 200: Type.Array(PlanSchema) } },
  }),
  features: route({
    method: 'GET',
    url: '/api/features',
    access: 'user',
    summary: 'Every feature',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(FeatureSchema) } },
  }),
  featureAssignments: route({
    method: 'GET',
    url: '/api/features/assignments',
    access: 'user',
    summary: 'Which plan includes which feature',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(AssignmentSchema) } },
  }),
  usersWithSubscriptions: route({
    method: 'GET',
    url: '/api/users/with-subscriptions',
    access: 'admin',
    summary:
      'Users with their plan, by id; `search` matches usernames; the X-Total-Count header gives the total',
    tags: ['admin'],
    polled: true,
    schema: {
      querystring: UsersPageQuery,
      response: { 200: Type.Array(UserWithSubscriptionSchema) },
    },
  }),
  adminUserFeatures: route({
    method: 'GET',
    url: '/api/features/admin/user-features',
    access: 'admin',
    summary: "The feature ids a user can use (plan and the user's overrides)",
    tags: ['admin'],
    polled: true,
    schema: {
      querystring: UserIdQuery,
      response: { 200: Type.Array(Type.Integer()), 404: ErrorResponse },
    },
  }),
  adminUserOverrides: route({
    method: 'GET',
    url: '/api/features/admin/user-overrides',
    access: 'admin',
    summary:
      "The user's feature overrides in force (expired ones are left out), each with who set it, why, when and until when",
    tags: ['admin'],
    polled: true,
    schema: {
      querystring: UserIdQuery,
      response: { 200: Type.Array(UserFeatureOverrideSchema), 404: ErrorResponse },
    },
  }),
  toggleFeature: route({
    method: 'PATCH',
    url: '/api/features/toggle',
    access: 'admin',
    summary: 'Include or exclude a feature from a plan',
    tags: ['admin'],
    schema: { body: ToggleFeatureBody, response: { 200: AssignmentSchema, 404: ErrorResponse } },
  }),
  overridePlan: route({
    method: 'POST',
    url: '/api/subscription/override',
    access: 'admin',
    summary: "Set a user's plan at once, without charging",
    tags: ['admin'],
    schema: { body: OverrideBody, response: { 200: OkResponse, 404: ErrorResponse } },
  }),
  bulkOverridePlan: route({
    method: 'POST',
    url: '/api/subscription/bulk-override',
    access: 'admin',
    summary:
      "Set several users' plan at once, without charging: all or nothing, audited as one entry listing the users. Ask the dry run (bulk-override/preview) first and send its token as `previewToken` to refuse the change (409) if any of the users changed since",
    tags: ['admin'],
    schema: {
      body: BulkOverrideBody,
      response: { 200: OkResponse, 404: ErrorResponse, 409: ErrorResponse },
    },
  }),
  previewBulkOverride: route({
    method: 'POST',
    url: '/api/subscription/bulk-override/preview',
    access: 'admin',
    readOnly: true,
    summary:
      'The dry run of a bulk plan change (nothing is changed): how many users move from which plan to which, and what each is charged or credited',
    tags: ['admin'],
    schema: {
      body: BulkOverridePreviewBody,
      response: { 200: BulkOverridePreviewSchema, 404: ErrorResponse },
    },
  }),
  overrideFeature: route({
    method: 'POST',
    url: '/api/features/admin/override',
    access: 'admin',
    summary:
      'Turn one feature on or off for one user, whatever the plan says, with a reason and an optional expiry after which it stops applying',
    tags: ['admin'],
    schema: {
      body: FeatureOverrideBody,
      response: { 200: OkResponse, 400: ErrorResponse, 404: ErrorResponse },
    },
  }),
  addFeature: route({
    method: 'POST',
    url: '/api/features',
    access: 'admin',
    summary: 'Add a feature (included in no plan until toggled on)',
    tags: ['admin'],
    schema: { body: NewFeatureBody, response: { 200: FeatureSchema, 409: ErrorResponse } },
  }),
  userFeatures: route({
    method: 'GET',
    url: '/api/features/user',
    access: 'user',
    summary: 'The feature ids the signed-in user can use',
    tags: ['features'],
    polled: true,
    schema: { response: { 200: Type.Array(Type.Integer()) } },
  }),
} as const;
