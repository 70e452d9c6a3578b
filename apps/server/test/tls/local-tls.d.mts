export declare const LOCAL_TLS: { cert: string; key: string };
export declare function chromiumTrustingLocalCertificate(): string;
