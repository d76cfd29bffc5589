export declare function serverNodeFlags(): string[];
