// Native table elements with the library's styling.
import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn.js';

export const Table = ({ className, ...p }: HTMLAttributes<HTMLTableElement>) => (
  <div className="omega-table-wrap">
    <table className={cn('omega-table', className)} {...p} />
  </div>
);
export const TableHeader = (p: HTMLAttributes<HTMLTableSectionElement>) => <thead {...p} />;
export const TableBody = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...p} />;
export const TableRow = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn('omega-table__row', className)} {...p} />
);
export const TableHead = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('omega-table__head', className)} {...p} />
);
export const TableCell = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('omega-table__cell', className)} {...p} />
);
export const TableCaption = ({ className, ...p }: HTMLAttributes<HTMLTableCaptionElement>) => (
  <caption className={cn('omega-table__caption', className)} {...p} />
);
