import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge.js';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from './table.js';

const meta = { title: 'Components/Table', component: Table } satisfies Meta<typeof Table>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithRows: Story = {
  render: () => (
    <Table>
      <TableCaption>Sample rows</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Feature</TableHead>
          <TableHead>Status</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>Feature A</TableCell>
          <TableCell>
            <Badge variant="outline">Pending</Badge>
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell>Feature B</TableCell>
          <TableCell>
            <Badge variant="outline">In Progress</Badge>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
};
export const Empty: Story = {
  render: () => (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Username</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>No users found in the system.</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
};
