import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.js';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  SectionCard,
} from './card.js';

const meta = { title: 'Components/Card', component: Card } satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Complete: Story = {
  render: () => (
    <Card style={{ maxWidth: '24rem' }}>
      <CardHeader>
        <CardTitle>Welcome</CardTitle>
        <CardDescription>Sign in to your account or create a new one</CardDescription>
      </CardHeader>
      <CardContent>Card content goes here.</CardContent>
      <CardFooter>
        <Button>Continue</Button>
      </CardFooter>
    </Card>
  ),
};
export const TitleOnly: Story = {
  render: () => (
    <Card style={{ maxWidth: '16rem' }}>
      <CardHeader>
        <CardTitle>Module 1</CardTitle>
      </CardHeader>
    </Card>
  ),
};
/** A page section: a region named by its `<h2>`, its parts stacked. */
export const Section: Story = {
  render: () => (
    <div style={{ maxWidth: '28rem' }}>
      <SectionCard id="story-sessions" title="Sessions">
        <p>Where your account is signed in.</p>
        <p>Two parts, stacked.</p>
      </SectionCard>
    </div>
  ),
};
