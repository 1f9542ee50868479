import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DetailList } from './DetailList.tsx';

describe('DetailList', () => {
  test('a term and its value (and actions) per row', () => {
    render(
      <DetailList
        items={[
          {
            key: 'id',
            term: 'User ID',
            value: '1234',
            actions: <button type="button">Copy</button>,
          },
          { key: 'mail', term: 'E-mail', value: 'a@b.example' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['User ID', 'E-mail']);
    expect(values[0]).toHaveTextContent('1234');
    expect(
      within(values[0] as HTMLElement).getByRole('button', { name: 'Copy' }),
    ).toBeInTheDocument();
    expect(within(values[1] as HTMLElement).queryByRole('button')).toBeNull();
  });
});
