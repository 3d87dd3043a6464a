// /mock-dashboard: a non-functional placeholder page the spec describes (two sample rows).
import { Badge, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@omega/ui';

const ROWS = [
  { feature: 'Feature A', status: 'Pending' },
  { feature: 'Feature B', status: 'In Progress' },
] as const;

export function MockDashboardPage() {
  return (
    <main className="omega-page">
      <h1>Mock Dashboard</h1>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Feature</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {ROWS.map((row) => (
            <TableRow key={row.feature}>
              <TableCell>{row.feature}</TableCell>
              <TableCell>
                <Badge variant="outline">{row.status}</Badge>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </main>
  );
}
